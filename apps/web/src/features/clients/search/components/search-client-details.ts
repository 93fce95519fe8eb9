/** A found client opens in the edit form as a side panel with this title (docs/product.md §2.4). */
export const CLIENT_DETAILS_PANEL = { kind: 'side', title: 'Подробная информация о клиенте' } as const;

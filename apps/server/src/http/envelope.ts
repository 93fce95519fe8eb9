/** The success envelope (docs/product.md §5.1); route response schemas are envelope(x), so types check it. */
export const ok = <T>(response: T) => ({ success: true as const, response });

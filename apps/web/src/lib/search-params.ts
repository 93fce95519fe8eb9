/**
 * The address's search params as they are now. react-router's functional `setSearchParams`
 * hands over the params of the last render: two changes made before the page re-renders (a
 * period chosen, then a member) would lose the first. The address itself is already up to date.
 */
export const currentSearchParams = () => new URLSearchParams(window.location.search);

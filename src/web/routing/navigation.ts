// Lets code outside React (the HTTP client) move the browser through the router when one is
// mounted, and fall back to a full page load otherwise.
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let current: NavigateFn | null = null;

export function setNavigator(fn: NavigateFn | null) {
  current = fn;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}) {
  if (current) current(to, options);
  else if (typeof window !== 'undefined') window.location.assign(to);
}

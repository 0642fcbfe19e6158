/**
 * Leaving the app for the card payment provider's page. A tiny object so that tests can replace
 * `goTo` instead of the read-only window.location.
 */
export const browser = {
  goTo(url: string): void {
    window.location.href = url;
  },
};

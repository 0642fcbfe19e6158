/**
 * Leaving the app for another site (the identity provider). A tiny object so that tests can replace
 * `goTo` instead of the read-only window.location.
 */
export const browser = {
  goTo(url: string): void {
    window.location.href = url;
  },
};

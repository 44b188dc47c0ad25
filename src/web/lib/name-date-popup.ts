/**
 * A date picker's calendar popup is a dialog without a name (axe: aria-dialog-name): Mantine
 * points its aria-labelledby at an id the field does not carry, and takes no props for the
 * popup itself. Given to `popoverProps.onOpen`, this names it once it is in the page.
 */
export function nameDatePopup(label: string): () => void {
  return () =>
    requestAnimationFrame(() => {
      for (const popup of document.querySelectorAll('[data-dates-dropdown][role="dialog"]')) {
        popup.setAttribute('aria-label', label);
      }
    });
}

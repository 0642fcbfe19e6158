/**
 * Repairs to SuperDoc 1.46.3's markup that WCAG 2.2 A/AA (axe-core, which every e2e screen must pass)
 * asks for, applied to what it renders and again whenever it renders it anew:
 * - the document's editable element is given `role="document"`, yet also `aria-multiline` and
 *   `aria-readonly`, which only a textbox may carry: it is a multi-line text box (SuperDoc's own code for the
 *   same element elsewhere, and for headers and footers, says `textbox`);
 * - the toolbar's Font size is a `role="button"` holding a text field and a caret button (interactive
 *   controls inside a button, and a field with no label): the item becomes a labelled group and the field
 *   takes the item's label.
 */
export function repairAccessibility(root: ParentNode): void {
  for (const editable of root.querySelectorAll('.ProseMirror')) repairEditable(editable);
  for (const item of root.querySelectorAll(
    '.sd-toolbar-item[role="button"], .sd-toolbar-item[role="menuitem"]',
  )) {
    const controls = item.querySelectorAll('input, button, select, textarea');
    if (controls.length === 0) continue;
    item.setAttribute('role', 'group');
    const label = item.getAttribute('aria-label');
    for (const control of controls) {
      if (label && !control.hasAttribute('aria-label') && !control.hasAttribute('aria-labelledby')) {
        control.setAttribute('aria-label', label);
      }
    }
  }
}

function repairEditable(editable: Element): void {
  if (editable.getAttribute('role') === 'document') editable.setAttribute('role', 'textbox');
}

export interface Repairs {
  /**
   * Also keeps an editor's editable element repaired: SuperDoc puts it outside the element it renders into
   * (an off-screen host at the end of the page's body, which takes the keyboard).
   */
  watch(editable: Element): void;
  stop(): void;
}

/** Keeps `root` repaired while SuperDoc renders into it. */
export function keepAccessible(root: HTMLElement): Repairs {
  const editables = new Set<Element>();
  const repair = () => {
    repairAccessibility(root);
    for (const editable of editables) repairEditable(editable);
  };
  const observer = new MutationObserver(repair);
  // New toolbar items (childList), and SuperDoc setting an editable's role again.
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role'] });
  repair();
  return {
    watch(editable) {
      editables.add(editable);
      observer.observe(editable, { attributes: true, attributeFilter: ['role'] });
      repairEditable(editable);
    },
    stop: () => observer.disconnect(),
  };
}

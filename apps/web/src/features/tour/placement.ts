/** Where the tour's popup goes, in viewport pixels. */
export interface Placement {
  top: number;
  left: number;
  width: number;
}

const GAP = 12;
const MARGIN = 12;
const WIDTH = 340;

/**
 * To the right of the highlighted element (SPEC §2.8); where the viewport has no room there (phones),
 * below it, or above it when below does not fit either; centred when nothing is highlighted. Always
 * inside the viewport.
 */
export function placePopup(
  target: DOMRect | null,
  popupHeight: number,
  viewport: { width: number; height: number },
): Placement {
  const width = Math.min(WIDTH, viewport.width - 2 * MARGIN);
  const clampLeft = (x: number) => Math.max(MARGIN, Math.min(x, viewport.width - width - MARGIN));
  const clampTop = (y: number) => Math.max(MARGIN, Math.min(y, viewport.height - popupHeight - MARGIN));
  if (!target) {
    return {
      width,
      left: clampLeft((viewport.width - width) / 2),
      top: clampTop((viewport.height - popupHeight) / 2),
    };
  }
  // A target still sliding in (the phone's navigation drawer) may be partly off screen: the popup
  // stays inside the viewport all the same.
  if (viewport.width - target.right >= width + GAP + MARGIN) {
    return { width, left: clampLeft(target.right + GAP), top: clampTop(target.top) };
  }
  const below = target.bottom + GAP;
  const top =
    below + popupHeight + MARGIN <= viewport.height || target.top - GAP - popupHeight < MARGIN
      ? below
      : target.top - GAP - popupHeight;
  return { width, left: clampLeft(target.left), top: clampTop(top) };
}

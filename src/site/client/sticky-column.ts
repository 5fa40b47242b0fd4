/**
 * A table region that scrolls sideways under a sticky first column (the map's capabilities, the names of the
 * compare page's rows): a control the keyboard reaches in another column is scrolled clear of that column. The
 * browser scrolls a focused element into the region's box only, and the sticky column covers the box's left part, so
 * Tab could give focus to a link hidden under it, in part or whole.
 */
export function keepFocusClearOfStickyColumn(region: HTMLElement): void {
  region.addEventListener('focusin', (e) => {
    const target = e.target as HTMLElement;
    const sticky = target.closest('tr')?.querySelector<HTMLElement>(':scope > th[scope="row"]');
    if (!sticky || sticky.contains(target) || getComputedStyle(sticky).position !== 'sticky') return;
    const hidden = sticky.getBoundingClientRect().right - target.getBoundingClientRect().left;
    // A little room beyond the column, so the focus ring shows whole.
    if (hidden > 0) region.scrollLeft -= hidden + 8;
  });
}

/**
 * A table region that scrolls sideways under a sticky first column (the map's capabilities, the names of the
 * compare page's rows): a control the keyboard reaches in another column is scrolled into the part of the region the
 * column leaves clear. The browser scrolls a focused element only when none of it shows, and only into the region's
 * whole box, which the sticky column covers in part: Tab could give focus to a link hidden under the column, or cut
 * off at the region's right edge.
 */
export function keepFocusClearOfStickyColumn(region: HTMLElement): void {
  region.addEventListener('focusin', (e) => {
    const target = e.target as HTMLElement;
    const sticky = target.closest('tr')?.querySelector<HTMLElement>(':scope > th[scope="row"]');
    if (!sticky || sticky.contains(target) || getComputedStyle(sticky).position !== 'sticky') return;
    // A little room around the link, so the focus ring shows whole.
    const room = 8;
    const link = target.getBoundingClientRect();
    const hiddenLeft = sticky.getBoundingClientRect().right - link.left;
    const hiddenRight = link.right - region.getBoundingClientRect().right;
    if (hiddenLeft > 0) region.scrollLeft -= hiddenLeft + room;
    else if (hiddenRight > 0) region.scrollLeft += Math.min(hiddenRight + room, -hiddenLeft - room);
  });
}

/**
 * A "Scroll sideways" hint above every wide table region (`.table-scroll`)
 * while its table is wider than the region, so a table cut at the edge of a
 * phone reads as "more to the right", not as cut off. The edge shadows in the
 * stylesheet give the same cue without JavaScript. A region that is a keyboard
 * stop in the markup stays one only while it scrolls.
 */
export function startScrollCues(root: ParentNode = document): void {
  const observer = new ResizeObserver((entries) => {
    for (const e of entries) {
      const region = e.target.closest<HTMLElement>('.table-scroll');
      if (region) update(region);
    }
  });
  const update = (region: HTMLElement) => {
    let hint = region.previousElementSibling as HTMLElement | null;
    if (!hint?.classList.contains('scroll-hint')) {
      hint = document.createElement('p');
      hint.className = 'scroll-hint';
      hint.setAttribute('aria-hidden', 'true');
      hint.textContent = 'Scroll sideways';
      region.before(hint);
    }
    const scrolls = region.scrollWidth > region.clientWidth + 1;
    hint.hidden = !scrolls;
    // A region the markup makes a keyboard stop (so the keyboard can scroll it) is one only while there is
    // something to scroll: at a width where the table fits, the stop did nothing but ring the whole table.
    if (region.getAttribute('tabindex') === '0') region.dataset.scrollStop = '';
    if (region.dataset.scrollStop !== undefined) {
      if (scrolls) region.tabIndex = 0;
      else region.removeAttribute('tabindex');
    }
  };
  const watch = (el: Element) => {
    if (el instanceof HTMLElement && el.matches('.table-scroll') && !el.dataset.scrollCue) {
      el.dataset.scrollCue = '';
      observer.observe(el);
      const table = el.firstElementChild;
      if (table) observer.observe(table);
    }
  };
  root.querySelectorAll('.table-scroll').forEach(watch);
  // Tables rendered later by islands (status, builder) get the cue too.
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof HTMLElement) [n, ...n.querySelectorAll('.table-scroll')].forEach(watch);
  }).observe(document.body, { childList: true, subtree: true });
}

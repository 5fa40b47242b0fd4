/** Tiny DOM helpers for the islands: elements from tag, properties and children (text is always text, never HTML). */
export type ElementProps<K extends keyof HTMLElementTagNameMap> = Omit<Partial<HTMLElementTagNameMap[K]>, 'dataset'> & {
  dataset?: Record<string, string>;
  /** Plain attributes (aria-*, role) set with setAttribute. */
  attrs?: Record<string, string>;
};

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps<K> = {} as ElementProps<K>,
  ...children: (Node | string | false | undefined)[]
): HTMLElementTagNameMap[K] {
  const { dataset, attrs, ...rest } = props;
  const e = Object.assign(document.createElement(tag), rest);
  if (dataset) Object.assign(e.dataset, dataset);
  for (const [k, v] of Object.entries(attrs ?? {})) e.setAttribute(k, v);
  e.append(...children.filter((c): c is Node | string => c !== false && c !== undefined));
  return e;
}

export const notice = (kind: 'error' | 'warn' | 'ok' | '', ...children: (Node | string)[]): HTMLElement =>
  el(
    'div',
    { className: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    ...children.map((c) => (typeof c === 'string' ? el('p', {}, c) : c)),
  );

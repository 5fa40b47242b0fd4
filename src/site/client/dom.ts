/** Tiny DOM helpers for the islands: elements from tag, properties and children (text is always text, never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {}, ...children: (Node | string | false | undefined)[]): HTMLElementTagNameMap[K] {
  const { dataset, ...rest } = props;
  const e = Object.assign(document.createElement(tag), rest);
  if (dataset) Object.assign(e.dataset, dataset);
  e.append(...children.filter((c): c is Node | string => c !== false && c !== undefined));
  return e;
}

export const notice = (kind: 'error' | 'warn' | 'ok' | '', ...children: (Node | string)[]): HTMLElement =>
  el('div', { className: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, ...children.map((c) => (typeof c === 'string' ? el('p', {}, c) : c)));

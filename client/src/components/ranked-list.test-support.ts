/**
 * jsdom lays nothing out, and dnd-kit's keyboard sensor moves an item by the rectangles of the
 * rows. This gives every row of a RankedList (and everything inside one) the rectangle of its
 * place in a vertical list, 60 px a row, so keyboard drag and drop can be tested. Answers a
 * function that puts jsdom's own back.
 */
export function layOutRankedRows() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  // jsdom defines it on Element.prototype: the layout is an own property of HTMLElement.prototype,
  // deleted afterwards (the files of a worker share the document's classes: a function left there
  // would hide a later file's spy on Element.prototype).
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "getBoundingClientRect");
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const row = this.closest<HTMLElement>("[data-rank-index]");
    if (!row) return original.call(this);
    const top = Number(row.dataset.rankIndex) * 60;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 400,
      bottom: top + 50,
      width: 400,
      height: 50,
      toJSON: () => ({}),
    } as DOMRect;
  };
  return () => {
    if (own) Object.defineProperty(HTMLElement.prototype, "getBoundingClientRect", own);
    else delete (HTMLElement.prototype as Partial<HTMLElement>).getBoundingClientRect;
  };
}

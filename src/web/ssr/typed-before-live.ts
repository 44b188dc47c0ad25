type Box = HTMLInputElement | HTMLTextAreaElement;

/**
 * What a customer typed into a page the server drew before its scripts ran (issue 34). React
 * hydrates a controlled box with its own state, over what is in it; the boxes the customer
 * changed are noted here from the start, and given back to React once the page is live, as the
 * input events React would have seen, so each screen's own handlers (masks, rules) take them.
 * The box with the focus keeps its caret.
 */
export function keepWhatIsTyped(root: HTMLElement): () => void {
  const typed = new Map<Box, { value: string; start: number | null; end: number | null }>();
  const note = (box: Box) => {
    if (box.value !== box.defaultValue || typed.has(box))
      typed.set(box, { value: box.value, start: box.selectionStart, end: box.selectionEnd });
  };
  for (const box of root.querySelectorAll<Box>('input, textarea')) note(box);
  const onInput = (event: Event) => {
    const box = event.target;
    if (box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) note(box);
  };
  // Capture: React's own listeners on the root may stop what they handle.
  root.addEventListener('input', onInput, true);

  return () => {
    root.removeEventListener('input', onInput, true);
    const focused = document.activeElement;
    for (const [box, { value, start, end }] of typed) {
      // The box may still show what was typed: React has kept its own state, and draws it over
      // the box at its next render. So the event goes to every box typed in.
      if (!box.isConnected) continue;
      // React notes each value set through the box's own setter, and takes an input event for a
      // change only if the box's value differs from the one it noted: it notes another, then the
      // value goes in through the prototype's setter, which it does not see.
      box.value = value === '' ? ' ' : '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), 'value')?.set?.call(box, value);
      box.dispatchEvent(new Event('input', { bubbles: true }));
      if (box === focused && start !== null && end !== null && box.value === value)
        box.setSelectionRange(start, end);
    }
  };
}

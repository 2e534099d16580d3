import { act } from '@testing-library/react';

/**
 * Drives Ionic form controls in jsdom the way their web components report input: by dispatching
 * the events Ionic sends (`ionInput`, `ionChange`). The driver's Vitest config loads the browser
 * build of Ionic's React wrappers, which listen for them and set the elements' properties.
 */
async function emit(
  element: Element,
  type: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
    await Promise.resolve();
  });
}

/** The Ionic control (`ion-input`, `ion-select`, `ion-checkbox`, …) labelled `label`; checkboxes carry it as text. */
export function ionControl(container: ParentNode, tag: string, label: string): Element {
  const found = [...container.querySelectorAll(tag)].find(
    (element) =>
      (element as Element & { label?: string }).label === label ||
      element.textContent?.trim() === label,
  );
  if (!found) throw new Error(`no <${tag}> labelled "${label}"`);
  return found;
}

export function typeInto(element: Element, value: string): Promise<void> {
  return emit(element, 'ionInput', { value });
}

export function tick(element: Element, checked = true): Promise<void> {
  return emit(element, 'ionChange', { checked });
}

export function select(element: Element, value: string): Promise<void> {
  return emit(element, 'ionChange', { value });
}

/** Types into the Ionic input labelled `label`. */
export function fill(container: ParentNode, label: string, value: string): Promise<void> {
  return typeInto(ionControl(container, 'ion-input', label), value);
}

/** Submits the page's form as the Enter key or the submit button would. */
export async function submitForm(container: ParentNode): Promise<void> {
  const form = container.querySelector('form');
  if (!form) throw new Error('no form on the page');
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await Promise.resolve();
  });
}

/** Whether the page disabled an Ionic control (a property Ionic does not reflect to an attribute). */
export function isDisabled(element: Element): boolean {
  return (element as Element & { disabled?: boolean }).disabled === true;
}

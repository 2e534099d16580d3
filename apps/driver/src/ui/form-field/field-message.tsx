import './form-field.css';

/**
 * What is wrong with one input, under it. The input names this paragraph in its
 * `aria-describedby` from the start (Ionic copies aria attributes to its native input only when
 * it loads), so the paragraph takes that id whenever it shows.
 */
export function FieldMessage({ id, text }: { id?: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="field-error field-message" role="alert">
      {text}
    </p>
  );
}

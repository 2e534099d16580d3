/** spec 000 §2, §5: the user types the word delete to confirm. */
export const DELETION_CONFIRMATION_WORD = 'delete';

/** Case-insensitive and trimmed: 'Delete' and ' DELETE ' confirm; 'deleted' does not. */
export function isDeletionConfirmed(text: string): boolean {
  return text.trim().toLowerCase() === DELETION_CONFIRMATION_WORD;
}

import { useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/** Whether to say a settings form is saved: from a save until the driver changes anything. */
export function useSavedNotice<T extends FieldValues>(watch: UseFormWatch<T>) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const watching = watch(() => setSaved(false));
    return () => watching.unsubscribe();
  }, [watch]);
  return [saved, setSaved] as const;
}

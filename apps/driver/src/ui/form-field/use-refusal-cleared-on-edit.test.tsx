import { act, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fill } from '../../test/ionic-events.ts';
import { renderWithRouter } from '../../test/render-shell.tsx';
import { FormError } from '../page-view/page-view.tsx';
import { FormField } from './form-field.tsx';
import { useRefusalClearedOnEdit } from './use-refusal-cleared-on-edit.ts';

function CodeForm() {
  const { control, formState, setError, watch, clearErrors } = useForm({
    defaultValues: { code: 'WHITBY' },
  });
  useRefusalClearedOnEdit({ watch, clearErrors });
  return (
    <form>
      <FormField control={control} name="code" label="Group code" />
      <FormError message={formState.errors.root?.server?.message} />
      <button
        type="button"
        onClick={() =>
          setError('root.server', { type: 'server', message: 'No group has this code.' })
        }
      >
        Send
      </button>
    </form>
  );
}

describe('a refusal of the whole form (issue 19: cleared as the driver types)', () => {
  it('stays until the driver changes an input, then goes', async () => {
    const { container } = renderWithRouter(<CodeForm />, '/add-affiliates');
    act(() => screen.getByText('Send').click());
    expect(await screen.findByText('No group has this code.')).toBeTruthy();
    await fill(container, 'Group code', 'WHITBY-FLEET');
    await waitFor(() => expect(screen.queryByText('No group has this code.')).toBeNull());
  });
});

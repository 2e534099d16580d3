import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@evc/contract';
import { callApi } from '../../../lib/api/client.ts';

/** spec 000 §7 POST /startRegistration: the account waits for the link mailed to `email`. */
export const startRegistration = (request: CallRequest<'startRegistration'>) =>
  callApi('startRegistration', request);

export const useStartRegistration = () => useMutation({ mutationFn: startRegistration });

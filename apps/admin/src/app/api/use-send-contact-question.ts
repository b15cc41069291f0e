// Sends the Contact us dialog's question to support.
import { useApiMutation } from '../../lib/api-mutation.js';

export function useSendContactQuestion() {
  return useApiMutation('createCustomerQuestion');
}

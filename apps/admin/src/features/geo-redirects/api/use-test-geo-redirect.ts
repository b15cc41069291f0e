// "Test as a visitor from…": what the saved rules do to a visitor from a country on a page.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useTestGeoRedirect() {
  return useApiMutation('testGeoRedirect');
}

import { useLocation } from 'react-router';
import { loginPathFor } from '../../lib/guards';

/** The login page, asked to bring the person back to the page they are on now. */
export function useLoginPath(): string {
  const { pathname, search, hash } = useLocation();
  return loginPathFor(`${pathname}${search}${hash}`);
}

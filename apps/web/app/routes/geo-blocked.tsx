import { GeoBlockLayout } from '../components/layouts/geo-block-layout';
import { pageTitle } from '../lib/meta';
import type { Route } from './+types/geo-blocked';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Not available in your country', matches);

export default function GeoBlockedPage() {
  return <GeoBlockLayout />;
}

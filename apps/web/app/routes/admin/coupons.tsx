import { CouponAdmin } from '../../features/admin-money/coupon-admin';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/coupons';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Coupons', matches);

export default function AdminCouponsPage() {
  return <CouponAdmin />;
}

import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/index.tsx'),
  layout('routes/layouts/public.tsx', [
    route('auth/login', 'routes/auth/login.tsx'),
    route('auth/register', 'routes/auth/register.tsx'),
    route('auth/creator-register', 'routes/auth/creator-register.tsx'),
    route('auth/forgot-password', 'routes/auth/forgot-password.tsx'),
    route('auth/reset-password', 'routes/auth/reset-password.tsx'),
    route('auth/verify-email', 'routes/auth/verify-email.tsx'),
  ]),
  route('geo-blocked', 'routes/geo-blocked.tsx'),
  layout('routes/layouts/primary.tsx', [
    route('home', 'routes/home.tsx'),
    route('explore', 'routes/explore.tsx'),
    route('site-subscription', 'routes/site-subscription.tsx'),
    route('user/account', 'routes/user/account.tsx'),
    route('user/following', 'routes/user/following.tsx'),
    route('creator/account', 'routes/creator/account.tsx'),
    route('creator/followers', 'routes/creator/followers.tsx'),
    route('creator/posts', 'routes/creator/posts.tsx'),
    route('creator/posts/new', 'routes/creator/post-new.tsx'),
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/settings', 'routes/admin/settings.tsx'),
    route('admin/outbox', 'routes/admin/outbox.tsx'),
    route('admin/creators', 'routes/admin/creators.tsx'),
    // Areas whose pages come later: their access rules already apply, then a 404.
    route('user/*', 'routes/areas/user-area.tsx'),
    route('creator/*', 'routes/areas/creator-area.tsx'),
    route('performer/*', 'routes/areas/creator-area.tsx', { id: 'performer-area' }),
    route('admin/*', 'routes/areas/admin-area.tsx'),
    route(':profileId', 'routes/profile.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;

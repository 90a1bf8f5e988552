import { Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  type Icon,
  IconApi,
  IconHistory,
  IconMail,
  IconSettings,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/dashboard';
import classes from './admin.module.css';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Admin', matches);

const tiles: { to: string; title: string; text: string; icon: Icon; external?: boolean }[] = [
  {
    to: '/admin/users',
    title: 'Users',
    text: 'Find any account, correct it, deactivate or reactivate it.',
    icon: IconUsers,
  },
  {
    to: '/admin/creators',
    title: 'Creators',
    text: 'Check identity documents, verify or reject, set commission.',
    icon: IconUserCheck,
  },
  {
    to: '/admin/settings',
    title: 'Site settings',
    text: 'Name, logo, access, prices, trial and payments.',
    icon: IconSettings,
  },
  {
    to: '/admin/outbox',
    title: 'Email outbox',
    text: 'Every email the site sent, with its links.',
    icon: IconMail,
  },
  {
    to: '/admin/audit',
    title: 'Audit log',
    text: 'Every change an admin made, who made it and why.',
    icon: IconHistory,
  },
  {
    to: '/api/docs',
    title: 'API reference',
    text: 'The OpenAPI documentation of every route.',
    icon: IconApi,
    external: true,
  },
];

export default function AdminDashboard() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader
        title="Admin"
        description={`Signed in as ${user?.email ?? user?.name ?? 'administrator'}.`}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {tiles.map((tile) => (
          <TileLink key={tile.to} to={tile.to} external={tile.external}>
            <Card h="100%" className={classes.tileCard}>
              <ThemeIcon size={44} radius="md" variant="light">
                <tile.icon size={24} stroke={1.7} />
              </ThemeIcon>
              <Text fw={700} mt="md">
                {tile.title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {tile.text}
              </Text>
            </Card>
          </TileLink>
        ))}
      </SimpleGrid>
    </>
  );
}

function TileLink({ to, external, children }: { to: string; external?: boolean; children: ReactNode }) {
  if (external) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={classes.tile}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={classes.tile}>
      {children}
    </Link>
  );
}

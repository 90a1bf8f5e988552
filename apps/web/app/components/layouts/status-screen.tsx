import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../brand';
import { ThemeToggle } from '../theme-toggle';
import { BlankLayout } from './blank-layout';
import classes from './status-screen.module.css';

/** A whole-page message (maintenance, geo-block): brand, icon, title, text and optional actions. */
export function StatusScreen(props: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className={classes.backdrop}>
      <div className={classes.toggle}>
        <ThemeToggle />
      </div>
      <BlankLayout>
        <Stack align="center" gap="lg" maw={520} ta="center">
          <Brand size="lg" />
          <ThemeIcon size={84} radius={999} variant="light" color="brand" mt="lg">
            {props.icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 28, sm: 36 }} lh={1.15}>
            {props.title}
          </Title>
          <Text c="dimmed" size="lg" style={{ whiteSpace: 'pre-line' }}>
            {props.children}
          </Text>
          {props.footer}
        </Stack>
      </BlankLayout>
    </div>
  );
}

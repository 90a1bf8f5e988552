import { Center } from '@mantine/core';
import type { ReactNode } from 'react';

/** Nothing around the page: used for full-screen states. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      {children}
    </Center>
  );
}

import { Tabs } from '@mantine/core';
import { IconMessages, IconMoodSmile } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { MassMessageForm } from './mass-message-form';
import { MassMessageList } from './mass-message-list';
import { WelcomeMessageSettings } from './welcome-message-form';

type Tab = 'mass' | 'welcome';

/** Mass messages and the welcome message, one tab each; the tab is in the address (`?tab=welcome`). */
export function CreatorMessagesView() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'welcome' ? 'welcome' : 'mass';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value === 'welcome' ? { tab: 'welcome' } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="mass" leftSection={<IconMessages size={16} />}>
          Mass messages
        </Tabs.Tab>
        <Tabs.Tab value="welcome" leftSection={<IconMoodSmile size={16} />}>
          Welcome message
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mass">
        <div style={{ display: 'grid', gap: 'var(--mantine-spacing-xl)', maxWidth: 760 }}>
          <MassMessageForm />
          <MassMessageList />
        </div>
      </Tabs.Panel>
      <Tabs.Panel value="welcome">
        <div style={{ maxWidth: 760 }}>
          <WelcomeMessageSettings />
        </div>
      </Tabs.Panel>
    </Tabs>
  );
}

import { Menu } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { LazyMenuProps } from '../../lib/lazy-menu';

/** The menu of someone else's post (report-buttons.tsx draws its button until this is downloaded). */
export function PostReportMenuDropdown({
  trigger,
  defaultOpened,
  onReport,
}: LazyMenuProps & { onReport: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFlag size={16} />} onClick={onReport}>
          Report
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

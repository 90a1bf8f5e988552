import type { TPerformerSocials, TSocialNetwork } from '@fanstage/contract';
import { ActionIcon, Group } from '@mantine/core';
import { type Icon, IconBrandInstagram, IconBrandTiktok, IconBrandX, IconWorld } from '@tabler/icons-react';
import { Hint } from '../../components/hint';

const networks: Record<TSocialNetwork, { label: string; icon: Icon }> = {
  twitter: { label: 'X (Twitter)', icon: IconBrandX },
  instagram: { label: 'Instagram', icon: IconBrandInstagram },
  tiktok: { label: 'TikTok', icon: IconBrandTiktok },
  website: { label: 'Website', icon: IconWorld },
};
// In the contract's order (socialNetworks); the record's type makes it name every network. Not the
// contract's list itself: on the committed contract it sits among the zod schemas, which would add
// zod (22 KB compressed) to every creator page.
const networkOrder = Object.keys(networks) as TSocialNetwork[];

/** The creator's links as icon buttons; nothing when none is set. */
export function SocialLinks({ socials, name }: { socials: TPerformerSocials; name: string }) {
  const links = networkOrder.flatMap((network) => {
    const url = socials[network];
    return url ? [{ network, url, ...networks[network] }] : [];
  });
  if (links.length === 0) return null;
  return (
    <Group gap={6}>
      {links.map(({ network, url, label, icon: NetworkIcon }) => (
        <Hint key={network} label={label}>
          <ActionIcon
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            variant="default"
            size="lg"
            radius="xl"
            aria-label={`${name} on ${label}`}
          >
            <NetworkIcon size={18} stroke={1.7} />
          </ActionIcon>
        </Hint>
      ))}
    </Group>
  );
}

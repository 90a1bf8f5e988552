import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';

/** The recovery codes, shown once after they are made, with copy and download. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I saved my codes',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const text = `${codes.join('\n')}\n`;
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconKey size={18} />} title="Save your recovery codes">
        Each code lets you log in once if you lose your phone. Keep them somewhere safe: they are shown only
        now.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label="Recovery codes" role="list">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={handleDownload}>
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Using a code spends it. You can make new codes at any time; the old ones then stop working.
      </Text>
    </Stack>
  );
}

import type { TCallSession } from '@fanstage/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { onServerEvent } from '../realtime/socket-client';
import { answerCall, callScreenPath } from './calls-api';

/** A two-tone ring from the Web Audio API (no sound file to ship); stops when the dialog closes. */
function playRing(): () => void {
  const AudioContextClass =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!AudioContextClass) return () => undefined;
  let context: AudioContext;
  try {
    context = new AudioContextClass();
  } catch {
    return () => undefined;
  }
  const ringOnce = () => {
    for (const [i, freq] of [440, 480].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.value = 0.05;
      osc.connect(gain).connect(context.destination);
      osc.start(context.currentTime + i * 0.05);
      osc.stop(context.currentTime + 1.2);
    }
  };
  ringOnce();
  const timer = setInterval(ringOnce, 3000);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}

/**
 * For creators, on every page: a call that rings opens this dialog with a ring sound; accept opens
 * the call screen, decline refuses it. The dialog closes when the call stops ringing elsewhere.
 */
export function IncomingCallDialog() {
  const navigate = useNavigate();
  const [call, setCall] = useState<TCallSession | null>(null);
  useEffect(() => {
    const offs = [
      onServerEvent('call/ringing', ({ call: ringing }) => setCall(ringing)),
      onServerEvent('call/updated', ({ call: updated }) =>
        setCall((current) =>
          current && current._id === updated._id && updated.status !== 'ringing' ? null : current,
        ),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);
  useEffect(() => (call ? playRing() : undefined), [call]);

  const handleAnswer = async (action: 'accept' | 'decline') => {
    if (!call) return;
    const id = call._id;
    setCall(null);
    try {
      const answered = await answerCall(id, action);
      if (action === 'accept') void navigate(callScreenPath(answered));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Modal opened={call !== null} onClose={() => void handleAnswer('decline')} title="Incoming call" centered>
      {call && (
        <>
          <Text>
            {call.fan.name} is calling you ({formatPrice(call.price)} a minute).
          </Text>
          <Group mt="md" justify="flex-end">
            <Button variant="default" onClick={() => void handleAnswer('decline')}>
              Decline
            </Button>
            <Button color="green" onClick={() => void handleAnswer('accept')}>
              Accept
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}

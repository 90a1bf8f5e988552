import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreen, click, getButton, renderScreen } from '../../test-utils/screen';
import { useFollow } from './use-follow';

afterEach(cleanupScreen);

let renders = 0;

function Counter({ followers }: { followers: number }) {
  renders += 1;
  const follow = useFollow('0198f000-0000-7000-8000-000000000001', { isFollowed: false, followers });
  return <output>{follow.followers}</output>;
}

/** A page whose creator data the server answers again with new figures (the button). */
function Page() {
  const [followers, setFollowers] = useState(12);
  return (
    <>
      <button type="button" onClick={() => setFollowers(40)}>
        Fresher answer
      </button>
      <Counter followers={followers} />
    </>
  );
}

describe('useFollow', () => {
  it('renders its page once when it mounts: the server’s figures are already its state', async () => {
    renders = 0;
    renderScreen(<Page />);
    await act(async () => {});
    expect(document.querySelector('output')?.textContent).toBe('12');
    // A second render here would be the whole creator page, posts and all, right after it hydrates.
    expect(renders).toBe(1);
  });

  it('takes the new figures when the creator data changes', async () => {
    renderScreen(<Page />);
    await act(async () => {});
    await click(getButton('Fresher answer'));
    await act(async () => {});
    expect(document.querySelector('output')?.textContent).toBe('40');
  });
});

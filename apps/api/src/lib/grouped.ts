/**
 * Calls that arrive while one group of them is being written wait and go together in the next group:
 * the first call of a quiet moment runs at once and alone, and under load each statement carries
 * every call that came in while the one before it ran. No timer: nothing waits longer than the group
 * before it. `run` answers one result per input, in order (an Error rejects only that input's call);
 * when `run` itself throws, every call of that group is rejected with that error.
 */
export function groupWhileBusy<In, Out>(
  run: (inputs: In[]) => Promise<Array<Out | Error>>,
  options: { max: number },
): (input: In) => Promise<Out> {
  type Waiting = { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let busy = false;

  const drain = async () => {
    busy = true;
    while (waiting.length > 0) {
      const group = waiting.length <= options.max ? waiting : waiting.slice(0, options.max);
      waiting = waiting.length <= options.max ? [] : waiting.slice(options.max);
      try {
        const outs = await run(group.map((w) => w.input));
        group.forEach((w, k) => {
          const out = outs[k];
          if (out instanceof Error) w.reject(out);
          else if (out === undefined) w.reject(new Error('the group answered no result for this call'));
          else w.resolve(out);
        });
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    busy = false;
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!busy) void drain();
    });
}

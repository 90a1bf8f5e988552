/**
 * Calls that arrive while groups of them are being written wait and go together in the next group:
 * the first call of a quiet moment runs at once and alone, and under load each statement carries
 * every call that came in while the ones before it ran. No timer: nothing waits longer than the
 * groups before it. Up to `lanes` groups run at once, so one statement that waits (on a row another
 * transaction holds) holds up only the calls of its own group and of its lane, not every call of the
 * node. `run` answers one result per input, in order (an Error rejects only that input's call); when
 * `run` itself throws, every call of that group is rejected with that error.
 */
export function groupWhileBusy<In, Out>(
  run: (inputs: In[]) => Promise<Array<Out | Error>>,
  options: { max: number; lanes?: number },
): (input: In) => Promise<Out> {
  type Waiting = { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void };
  const lanes = options.lanes ?? 1;
  let waiting: Waiting[] = [];
  let running = 0;

  const drain = async () => {
    running += 1;
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
    running -= 1;
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (running < lanes) void drain();
    });
}

/** Messages between a bench and the child processes it forks (servers, importers). */
import type { ChildProcess } from 'node:child_process';

/** The next message of `child` of the given type; rejects if the child exits first. */
export function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message.type !== type) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(message as T);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`bench child exited with ${code} before sending '${type}'`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * In a bench child: answers each 'cpu' message with `{ type: 'cpu', cpuMs }` (user + system CPU
 * since the child started, in ms), and on 'stop' or when the parent goes away runs `close` once and
 * exits.
 */
export function answerParent(close: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'cpu') {
      const usage = process.cpuUsage();
      process.send?.({ type: 'cpu', cpuMs: (usage.user + usage.system) / 1000 });
    } else if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
}

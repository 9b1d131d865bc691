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

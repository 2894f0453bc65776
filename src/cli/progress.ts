import cliProgress from 'cli-progress';

/** A progress bar on stderr when it is a terminal; otherwise one line at the end. */
export function progressBar(label: string) {
  if (!process.stderr.isTTY) {
    let last = 0;
    return {
      update: (done: number, total: number) => {
        last = total;
        if (done === total) process.stderr.write(`${label}: ${total} rows\n`);
      },
      stop: () => void last,
    };
  }
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {percentage}% {value}/{total} rows`, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done: number, total: number) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

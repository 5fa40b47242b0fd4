/**
 * Work run after the event loop has read what is waiting, a slice at a time.
 *
 * Node reads every socket that has a request in one poll phase and calls the
 * request listener for each there. If the listener renders, 64 connections
 * each waiting with a new search make a phase of 64 renders, and a health
 * probe read meanwhile waits for the rest of that phase and then for its own
 * place in the next (measured here: p99 24–31 ms). A load balancer whose
 * probe times out takes a busy instance for a dead one.
 *
 * Work given to this queue runs in the check phase that follows the poll,
 * until a slice of time is spent or a number of jobs have run; what is left
 * runs after the next poll. Every slice runs at least one job, in the order
 * they were queued, so none is starved.
 *
 * Time is measured over the synchronous part of each job. The catalogue
 * searches render in that part (src/server/api-routes.ts); work a job does
 * after an `await` (an Astro page, a save) runs in the microtask queue
 * right after its slice, unmeasured, and only the cap on jobs bounds it.
 *
 * Jobs run in the async context of the callback that scheduled the slice, not
 * of the code that queued them: a job that reads AsyncLocalStorage (the
 * request log's request id) enters its own scope (`inRequestScope`).
 *
 * Renders run back to back this way also cost about half the processor time
 * each under load (measured: 7.4k → 15k rendered searches a second at 32
 * connections for the same processor time, with the engine's, the compiled
 * code's and the kernel's shares of it unchanged). Why is not established
 * (the processor counters that could show it are not available here); the
 * same code staying hot in the processor's caches is one explanation.
 */
export interface SlicedQueue {
  /** Runs `job` after the current poll phase, in turn with the others queued. */
  defer(job: () => unknown): void;
  /** Jobs queued and not yet started. */
  readonly waiting: number;
}

export interface SliceLimits {
  /** Milliseconds of synchronous work after which a slice ends. */
  sliceMs: number;
  /** Jobs after which a slice ends, however little time they took. */
  maxJobs: number;
  now?: () => number;
}

export function createSlicedQueue({ sliceMs, maxJobs, now = () => performance.now() }: SliceLimits): SlicedQueue {
  let jobs: ((() => unknown) | undefined)[] = [];
  /** The next job to run: run jobs are dropped in bulk, not one shift at a time. */
  let head = 0;
  let scheduled = false;

  const runSlice = () => {
    const until = now() + sliceMs;
    const last = head + maxJobs;
    try {
      do {
        const job = jobs[head]!;
        // Let go of a job once it has run: what it holds (a request and its response) is not kept until compaction.
        jobs[head++] = undefined;
        job();
      } while (head < jobs.length && head < last && now() < until);
    } finally {
      // A job that throws (the server's jobs catch their own failures) still leaves the rest queued and scheduled.
      if (head === jobs.length) {
        jobs = [];
        head = 0;
        scheduled = false;
      } else {
        if (head > 1024 && head * 2 > jobs.length) {
          jobs = jobs.slice(head);
          head = 0;
        }
        setImmediate(runSlice);
      }
    }
  };

  return {
    defer(job) {
      jobs.push(job);
      if (!scheduled) {
        scheduled = true;
        setImmediate(runSlice);
      }
    },
    get waiting() {
      return jobs.length - head;
    },
  };
}

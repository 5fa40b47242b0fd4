/**
 * What to say when a server cannot listen: a busy or forbidden port is a
 * set-up mistake an operator fixes with PORT (or METRICS_PORT), so it gets a
 * sentence naming the variable, not Node's "Unhandled 'error' event" stack.
 */

/** The sentence for a failed `listen` on host:port, configured by the variable `portVariable`. */
export function listenProblem(error: unknown, host: string, port: number, portVariable = 'PORT'): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const where = `Port ${port} on ${host}`;
  if (code === 'EADDRINUSE') return `${where} is already in use: set ${portVariable} to a free port.`;
  if (code === 'EACCES')
    return `${where} needs privileges this user does not have (ports below 1024 usually do): set ${portVariable} to a port of 1024 or above.`;
  if (code === 'EADDRNOTAVAIL')
    return `${host} is not an address of this machine: set ${portVariable === 'PORT' ? 'HOST' : 'METRICS_HOST'} to one of its interfaces.`;
  return `Could not listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`;
}

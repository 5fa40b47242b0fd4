/**
 * Whether this Node.js can run the project. The TypeScript in src/ and
 * functions/ is run directly (type stripping), which needs the version that
 * package.json "engines" names; Astro needs no more than that. Plain
 * JavaScript, so an older Node can load it and say so in a sentence instead
 * of failing on the first .ts import with ERR_UNKNOWN_FILE_EXTENSION.
 */

/**
 * The sentence to print when `current` is older than the lowest version of
 * `engines` (a ">=x.y.z" range), or undefined when it is new enough.
 * @param {string} engines
 * @param {string} current
 * @param {string} program
 * @returns {string | undefined}
 */
export function nodeVersionProblem(engines, current, program) {
  const min = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(engines.trim());
  if (!min) return undefined;
  const [major = 0, minor = 0, patch = 0] = current.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor, needPatch] = [Number(min[1]), Number(min[2]), Number(min[3])];
  const newEnough =
    major !== needMajor ? major > needMajor : minor !== needMinor ? minor > needMinor : patch >= needPatch;
  if (newEnough) return undefined;
  return (
    `${program} needs Node.js ${needMajor}.${needMinor}.${needPatch} or newer (this is v${current.replace(/^v/, '')}). ` +
    'From a checkout, run it through npm (npm start, npm test, npm exec --no -- csc): npm install brings the Node.js 24 ' +
    'the project runs on, and npm scripts use it.'
  );
}

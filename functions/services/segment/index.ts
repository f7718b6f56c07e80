/** The segment area's public module. */
export { type CountLimits, countMatching, READ_LIMITS, segmentSize, targetKey } from './count';

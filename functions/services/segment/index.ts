/** The segment area's public module. */
export { COUNT_LIMITS, type CountLimits, countMatching, segmentSize, targetKey } from './count';

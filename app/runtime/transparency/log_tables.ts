/** The transparency log's tables (migration 0053 says what each holds). */
export const LOG_STATE = 'transparency_log'
export const LOG_LEAVES = 'transparency_log_leaves'
export const LOG_NODES = 'transparency_log_nodes'
export const LOG_HEADS = 'transparency_log_heads'

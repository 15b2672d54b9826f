import { forgetSigningRules } from '#runtime/caches/process_caches'
import { tellRulesChanged } from '#runtime/caches/rules_across_processes'

/**
 * Changed signing rules apply to the next signature of every process: this
 * one drops its snapshot at once, and the others when Redis tells them.
 */
export default class ForgetSigningRules {
  handle() {
    forgetSigningRules()
    tellRulesChanged()
  }
}

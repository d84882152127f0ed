/**
 * Why a backup or a restore stops before writing anything (a wrong key, a damaged or foreign
 * backup, a target that holds data): the words the operator reads, never a stack trace.
 */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

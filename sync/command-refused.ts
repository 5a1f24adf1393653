/** The device refused a command before queueing it; its message is the Spanish reason for the person. */
export class CommandRefused extends Error {}

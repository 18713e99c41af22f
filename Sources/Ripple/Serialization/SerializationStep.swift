/// What a call must do after deciding at a ``SerializationPoint``: the answer of
/// ``SerializationPoint/claim(orLeave:)``, given to ``SerializationPoint/run(_:under:acting:performing:)``,
/// which does it.
///
/// Not generic, so that returning it costs no type lookup in unspecialised code.
enum SerializationStep {
    /// The call holds the right to act: it acts on its own values, then finishes the turn.
    case act
    /// The action was left for the holder, who performs it: nothing more to do.
    case queued
    /// The action was left over the turn's budget: the call waits, holding no lock,
    /// until the right is handed to it, then performs it and what follows it.
    case wait(TurnWaiter)
    /// The call decided nothing to do.
    case nothing
}

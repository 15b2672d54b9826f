/** A petition's owner as cards show them: avatar, first and last name. */
export default function OwnerBadge({
  owner,
}: {
  owner: { avatar: string; firstName: string; lastName: string | null }
}) {
  return (
    <span className="d-flex align-items-center gap-2 small">
      <img
        src={owner.avatar}
        alt=""
        width="28"
        height="28"
        className="rounded-circle object-fit-cover"
      />
      {owner.firstName} {owner.lastName}
    </span>
  )
}

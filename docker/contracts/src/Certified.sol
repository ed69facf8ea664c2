// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

interface X509Interface {
    function x509Check(address user) external view returns (bool);
}

/// @notice Gate for the calls that the real contracts reserve to certified addresses (deposit, de-escrow, propose,
/// register as proposer). Same revert reason as the real `Certified`; the sanctions list is left out of the devnet.
abstract contract Certified {
    X509Interface public immutable x509;

    constructor(address x509Address) {
        require(x509Address != address(0), "Certified: X509 address is zero");
        x509 = X509Interface(x509Address);
    }

    modifier onlyCertified() {
        require(x509.x509Check(msg.sender), "Certified: not authorised by X509");
        _;
    }
}

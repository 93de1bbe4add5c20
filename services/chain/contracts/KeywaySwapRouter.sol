// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Minimal {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IERC20PermitMinimal {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external;
    function allowance(address owner, address spender) external view returns (uint256);
}

interface IWETHMinimal {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

/// @title KeywaySwapRouter
/// @notice Constant-product (x * y = k) pools keyed by an unordered token pair, held by this contract,
/// with a 0.3 % fee on the input amount. Native ETH is traded through the WETH pool of the pair.
/// Reserves are tracked per pool, so tokens sent here directly do not move prices.
contract KeywaySwapRouter {
    uint256 private constant FEE_NUMERATOR = 997;
    uint256 private constant FEE_DENOMINATOR = 1000;

    struct Pool {
        uint256 reserve0; // reserve of the lower token address
        uint256 reserve1; // reserve of the higher token address
    }

    address public immutable weth;
    mapping(bytes32 => Pool) private pools;
    uint256 private unlocked = 1;

    event LiquidityAdded(
        address indexed provider, address tokenA, address tokenB, uint256 amountA, uint256 amountB
    );
    event Swap(
        address indexed sender,
        address indexed to,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    );

    modifier lock() {
        require(unlocked == 1, "LOCKED");
        unlocked = 2;
        _;
        unlocked = 1;
    }

    constructor(address weth_) {
        weth = weth_;
    }

    /// @dev Only WETH sends ETH here (when unwrapping for swapExactTokensForETH).
    receive() external payable {
        require(msg.sender == weth, "ONLY_WETH");
    }

    /// @notice Adds liquidity. The first deposit sets the price; later deposits are trimmed to the
    /// current ratio (only the amounts used are pulled).
    function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) external lock {
        require(tokenA != tokenB, "IDENTICAL_TOKENS");
        require(tokenA != address(0) && tokenB != address(0), "ZERO_ADDRESS");
        require(amountA > 0 && amountB > 0, "ZERO_AMOUNT");
        (uint256 reserveA, uint256 reserveB) = getReserves(tokenA, tokenB);
        if (reserveA > 0 || reserveB > 0) {
            uint256 optimalB = (amountA * reserveB) / reserveA;
            if (optimalB <= amountB) {
                amountB = optimalB;
            } else {
                amountA = (amountB * reserveA) / reserveB;
            }
            require(amountA > 0 && amountB > 0, "ZERO_AMOUNT");
        }
        _pull(tokenA, msg.sender, amountA);
        _pull(tokenB, msg.sender, amountB);
        _setReserves(tokenA, tokenB, reserveA + amountA, reserveB + amountB);
        emit LiquidityAdded(msg.sender, tokenA, tokenB, amountA, amountB);
    }

    function getReserves(address tokenA, address tokenB) public view returns (uint256 reserveA, uint256 reserveB) {
        Pool storage pool = pools[_poolKey(tokenA, tokenB)];
        (reserveA, reserveB) = tokenA < tokenB ? (pool.reserve0, pool.reserve1) : (pool.reserve1, pool.reserve0);
    }

    function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        require(amountIn > 0, "ZERO_AMOUNT");
        (uint256 reserveIn, uint256 reserveOut) = getReserves(tokenIn, tokenOut);
        require(reserveIn > 0 && reserveOut > 0, "NO_POOL");
        uint256 amountInWithFee = amountIn * FEE_NUMERATOR;
        return (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
    }

    function swapExactTokensForTokens(
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 minAmountOut,
        address to
    ) external lock returns (uint256 amountOut) {
        amountOut = _swap(tokenIn, tokenOut, amountIn, minAmountOut);
        _pull(tokenIn, msg.sender, amountIn);
        _send(tokenOut, to, amountOut);
        emit Swap(msg.sender, to, tokenIn, tokenOut, amountIn, amountOut);
    }

    /// @notice swapExactTokensForTokens with an EIP-2612 permit for exactly `amountIn` (owner: the caller,
    /// spender: this router) instead of a prior approval transaction.
    function swapExactTokensForTokensWithPermit(
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 minAmountOut,
        address to,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external lock returns (uint256 amountOut) {
        _permit(tokenIn, amountIn, deadline, v, r, s);
        amountOut = _swap(tokenIn, tokenOut, amountIn, minAmountOut);
        _pull(tokenIn, msg.sender, amountIn);
        _send(tokenOut, to, amountOut);
        emit Swap(msg.sender, to, tokenIn, tokenOut, amountIn, amountOut);
    }

    function swapExactETHForTokens(address tokenOut, uint256 minAmountOut, address to)
        external
        payable
        lock
        returns (uint256 amountOut)
    {
        amountOut = _swap(weth, tokenOut, msg.value, minAmountOut);
        IWETHMinimal(weth).deposit{value: msg.value}();
        _send(tokenOut, to, amountOut);
        emit Swap(msg.sender, to, weth, tokenOut, msg.value, amountOut);
    }

    function swapExactTokensForETH(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to)
        external
        lock
        returns (uint256 amountOut)
    {
        amountOut = _swap(tokenIn, weth, amountIn, minAmountOut);
        _pull(tokenIn, msg.sender, amountIn);
        IWETHMinimal(weth).withdraw(amountOut);
        require(to != address(0), "ZERO_ADDRESS");
        (bool ok,) = payable(to).call{value: amountOut}("");
        require(ok, "ETH_TRANSFER_FAILED");
        emit Swap(msg.sender, to, tokenIn, weth, amountIn, amountOut);
    }

    /// @notice swapExactTokensForETH with an EIP-2612 permit for exactly `amountIn` (see above).
    function swapExactTokensForETHWithPermit(
        address tokenIn,
        uint256 amountIn,
        uint256 minAmountOut,
        address to,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external lock returns (uint256 amountOut) {
        _permit(tokenIn, amountIn, deadline, v, r, s);
        amountOut = _swap(tokenIn, weth, amountIn, minAmountOut);
        _pull(tokenIn, msg.sender, amountIn);
        IWETHMinimal(weth).withdraw(amountOut);
        require(to != address(0), "ZERO_ADDRESS");
        (bool ok,) = payable(to).call{value: amountOut}("");
        require(ok, "ETH_TRANSFER_FAILED");
        emit Swap(msg.sender, to, tokenIn, weth, amountIn, amountOut);
    }

    /// @dev Uses the caller's permit for exactly `amount`. Anyone may submit a signed permit to the token
    /// first (front-running it): the permit call then fails on the used nonce, and the swap still goes
    /// ahead when the allowance it set is there.
    function _permit(address token, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) private {
        try IERC20PermitMinimal(token).permit(msg.sender, address(this), amount, deadline, v, r, s) {}
        catch {
            require(IERC20PermitMinimal(token).allowance(msg.sender, address(this)) >= amount, "PERMIT_FAILED");
        }
    }

    /// @dev Prices the trade, checks slippage and moves the reserves. Token transfers are left to the caller.
    function _swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut)
        private
        returns (uint256 amountOut)
    {
        require(tokenIn != tokenOut, "IDENTICAL_TOKENS");
        amountOut = getAmountOut(tokenIn, tokenOut, amountIn);
        require(amountOut > 0, "INSUFFICIENT_OUTPUT");
        require(amountOut >= minAmountOut, "SLIPPAGE");
        (uint256 reserveIn, uint256 reserveOut) = getReserves(tokenIn, tokenOut);
        _setReserves(tokenIn, tokenOut, reserveIn + amountIn, reserveOut - amountOut);
    }

    function _setReserves(address tokenA, address tokenB, uint256 reserveA, uint256 reserveB) private {
        Pool storage pool = pools[_poolKey(tokenA, tokenB)];
        if (tokenA < tokenB) {
            (pool.reserve0, pool.reserve1) = (reserveA, reserveB);
        } else {
            (pool.reserve0, pool.reserve1) = (reserveB, reserveA);
        }
    }

    function _poolKey(address tokenA, address tokenB) private pure returns (bytes32) {
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        return keccak256(abi.encodePacked(token0, token1));
    }

    function _pull(address token, address from, uint256 amount) private {
        (bool ok, bytes memory data) =
            token.call(abi.encodeCall(IERC20Minimal.transferFrom, (from, address(this), amount)));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "TRANSFER_FROM_FAILED");
    }

    function _send(address token, address to, uint256 amount) private {
        require(to != address(0), "ZERO_ADDRESS");
        (bool ok, bytes memory data) = token.call(abi.encodeCall(IERC20Minimal.transfer, (to, amount)));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "TRANSFER_FAILED");
    }
}
